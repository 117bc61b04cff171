"""The op contract's bounds, in one place: the structs (contracts/ops.py) enforce them, and
the prompt and the dream state them to the model."""

MAX_CONTENT = 8 * 1024        # a curated item is a note, not a document
MAX_ITEM_READ = 64 * 1024     # what any reader takes of a curated file: a hand-placed
                              # giant (a 300 MB log) must not cost a Pi its memory
MAX_NAME = 120
MAX_OBSERVATION = 1024
MAX_OPS = 32                  # ops one reply may propose
MAX_ITEM_SHOWN = 4 * 1024     # of a curated item a brain is shown: a longer one, its newest
                              # lines within this, and the core keeps the rest (worker/itemview.py)
