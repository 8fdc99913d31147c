ensure_packages(['vim', 'curl'])
ensure_resource('user', 'deploy', {'ensure' => 'present'})
