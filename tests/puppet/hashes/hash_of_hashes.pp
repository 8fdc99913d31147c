$h = {'web' => {'port' => 80, 'tls' => false}, 'db' => {'port' => 5432}}
notice($h['db']['port'], $h['web'])
