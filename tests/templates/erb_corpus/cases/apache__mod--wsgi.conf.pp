# ERB corpus case: apache/templates/mod/wsgi.conf.erb, with plausible variables.
class corpus_case {
  $wsgi_application_group = 'wsgi_application_group_value'
  $wsgi_python_home = 'wsgi_python_home_value'
  $wsgi_python_optimize = 'wsgi_python_optimize_value'
  $wsgi_python_path = 'wsgi_python_path_value'
  $wsgi_restrict_embedded = 'wsgi_restrict_embedded_value'
  $wsgi_socket_prefix = 'wsgi_socket_prefix_value'
  notice(template('apache/mod/wsgi.conf.erb'))
}
include corpus_case
