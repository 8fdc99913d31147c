include alpha
class local { notify { "local ${module_name}|${caller_module_name}": } }
include local
notify { "top ${module_name}|${caller_module_name}": }
