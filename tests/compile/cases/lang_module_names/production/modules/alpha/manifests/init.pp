class alpha { notify { "alpha ${module_name}|${caller_module_name}": } include beta beta::thing { 'x': } }
