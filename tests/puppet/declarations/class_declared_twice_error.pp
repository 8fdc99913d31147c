class app($port = 80) { }
class { 'app': port => 1 }
class { 'app': port => 2 }
