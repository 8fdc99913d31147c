# Parameters a title gives: a title that is not a String (from a function)
# shows as the name, a file's trailing slashes are dropped from its path.
define t::d($x = 1) {}
t::d { '80': }
ensure_resource('t::d', 8387)
ensure_resource('t::d', [8390, 'b'])
create_resources('t::d', { 8388 => {} })
ensure_resource('notify', 43)
ensure_resource('file', '/tmp/e/')
file { '/tmp/trail/': ensure => directory }
file { '/tmp/trail2//': ensure => directory }
file { '/tmp/x': path => '/tmp/y' }
file { '/tmp/z/': path => '/tmp/w/' }
