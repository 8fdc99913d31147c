notice(find_file("nosuchmodule/x.txt"))
notice(find_file(["a/b", "c/d"]))
notice(module_directory("nosuchmodule"))
notice(module_directory(["x", "y"]))
