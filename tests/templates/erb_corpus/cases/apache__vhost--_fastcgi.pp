# ERB corpus case: apache/templates/vhost/_fastcgi.erb, with plausible variables.
class corpus_case {
  $apache_version = '2.4.1'
  $fastcgi_dir = 'fastcgi_dir_value'
  $fastcgi_idle_timeout = 'fastcgi_idle_timeout_value'
  $fastcgi_server = 'fastcgi_server_value'
  $fastcgi_socket = 'fastcgi_socket_value'
  notice(template('apache/vhost/_fastcgi.erb'))
}
include corpus_case
