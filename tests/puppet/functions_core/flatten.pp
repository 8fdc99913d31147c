notice(flatten([1, [2, [3, [4]]]]), flatten(1, [2]))
