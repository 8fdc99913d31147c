validate_hash([1])
