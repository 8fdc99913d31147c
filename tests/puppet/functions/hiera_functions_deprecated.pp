# The hiera_* functions warn once a run that they are deprecated.
notice(hiera('nosuch', 'd1'))
notice(hiera('nosuch', 'd2'))
notice(hiera_array('nosuch', ['d3']))
notice(hiera_hash('nosuch', {'d' => 4}))
