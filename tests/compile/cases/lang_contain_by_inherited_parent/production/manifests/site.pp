# Declaring the child evaluates the parent first, which contains the child
# before the child is placed in its stage: the catalog lists that edge first.
include p::child
