# The environment loader finds functions as Puppet's does (stdlib's has_function asks it).
notice(inline_template('<%= l = scope.compiler.loaders.private_environment_loader; [l.load(:function, "include").nil?, l.load(:function, "split").nil?, l.load(:function, "no_such_function").nil?].inspect %>'))
