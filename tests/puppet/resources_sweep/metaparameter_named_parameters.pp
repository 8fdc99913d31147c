# Parameters named after metaparameters: with a default Puppet warns once
# when it loads the definition.
define d($tag = "x", $noop = false) { }
d { "a": }
class c($stage = 1) {}
include c
