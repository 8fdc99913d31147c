$osname = 'Debian'
$pkg = $osname ? { 'debian' => 'apache2', /(?i:redhat|centos)/ => 'httpd', default => 'unknown' }
notice($pkg)
