class app($port = 80) { }
include app
class { "app": port => 1 }
