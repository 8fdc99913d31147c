define beta::thing { notify { "thing ${module_name}|${caller_module_name}": } }
