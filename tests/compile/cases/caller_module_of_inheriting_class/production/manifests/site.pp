# A class that inherits has its parent class's module as its caller
# (Puppet's Scope#parent_module_name); one that does not has the module
# of the scope that declared it.
include other
