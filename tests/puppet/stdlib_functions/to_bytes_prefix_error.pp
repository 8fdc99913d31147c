notice(to_bytes("3 X"))
