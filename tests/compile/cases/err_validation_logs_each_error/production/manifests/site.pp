# Two validation errors: Puppet logs each, then gives up.
$x = private('failure message!')
