class beta { notify { "beta ${module_name}|${caller_module_name}": } }
