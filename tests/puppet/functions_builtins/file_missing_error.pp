notice(file("nosuchmodule/x.txt", "other/y"))
