# ERB corpus case: apache/templates/fastcgi/server.erb, with plausible variables.
class corpus_case {
  $faux_path = 'faux_path_value'
  $fcgi_alias = 'fcgi_alias_value'
  $file_type = 'file_type_value'
  $flush = 'flush_value'
  $host = 'host_value'
  $pass_header = 'pass_header_value'
  $socket = 'socket_value'
  $timeout = 'timeout_value'
  notice(template('apache/fastcgi/server.erb'))
}
include corpus_case
