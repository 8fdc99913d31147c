# A parameter named after a metaparameter without a default is refused.
define d($tag) { }
d { "a": tag => "t" }
