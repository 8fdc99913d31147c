notice(File['a', 'b'])
$files = ['/etc/apache2/httpd.conf', '/etc/apache2/magic']
notice(File[$files])
