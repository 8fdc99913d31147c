$os = 'Debian'
$pkg = $os ? { 'debian' => 'apache2', /(?i:redhat|centos)/ => 'httpd', default => 'unknown' }
notice($pkg)
