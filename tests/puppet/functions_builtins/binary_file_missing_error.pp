notice(binary_file("nosuchmodule/x"))
