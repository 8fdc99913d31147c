# ERB corpus case: horizon/templates/_0006_debian_cache.py.erb, with plausible variables.
class corpus_case {
  $cache_backend = 'cache_backend_value'
  $cache_options = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $cache_server_ip = 'cache_server_ip_value'
  $cache_server_ip_real = ['cache_server_ip_real_a', 'cache_server_ip_real_b']
  $cache_server_port = 'cache_server_port_value'
  $cache_server_url = 'cache_server_url_value'
  $django_session_engine = 'django_session_engine_value'
  notice(template('horizon/_0006_debian_cache.py.erb'))
}
include corpus_case
