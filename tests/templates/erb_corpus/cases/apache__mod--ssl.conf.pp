# ERB corpus case: apache/templates/mod/ssl.conf.erb, with plausible variables.
class corpus_case {
  $_apache_version = '2.4.1'
  $_ssl_honorcipherorder = '_ssl_honorcipherorder_value'
  $_ssl_mutex = '_ssl_mutex_value'
  $_stapling_cache = '_stapling_cache_value'
  $ssl_ca = 'ssl_ca_value'
  $ssl_cert = 'ssl_cert_value'
  $ssl_cipher = 'ssl_cipher_value'
  $ssl_compression = 'ssl_compression_value'
  $ssl_cryptodevice = 'ssl_cryptodevice_value'
  $ssl_key = 'ssl_key_value'
  $ssl_openssl_conf_cmd = 'ssl_openssl_conf_cmd_value'
  $ssl_options = ['ssl_options_a', 'ssl_options_b']
  $ssl_pass_phrase_dialog = 'ssl_pass_phrase_dialog_value'
  $ssl_protocol = ['ssl_protocol_a', 'ssl_protocol_b']
  $ssl_proxy_protocol = ['ssl_proxy_protocol_a', 'ssl_proxy_protocol_b']
  $ssl_random_seed_bytes = 'ssl_random_seed_bytes_value'
  $ssl_sessioncache = 'ssl_sessioncache_value'
  $ssl_sessioncachetimeout = 'ssl_sessioncachetimeout_value'
  $ssl_sessiontickets = 'ssl_sessiontickets_value'
  $ssl_stapling = 'ssl_stapling_value'
  $ssl_stapling_return_errors = 'ssl_stapling_return_errors_value'
  notice(template('apache/mod/ssl.conf.erb'))
}
include corpus_case
