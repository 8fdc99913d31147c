# ERB corpus case: apache/templates/vhost/_ssl.erb, with plausible variables.
class corpus_case {
  $apache_version = '2.4.1'
  $ssl = ['ssl_a', 'ssl_b']
  $ssl_ca = 'ssl_ca_value'
  $ssl_cert = 'ssl_cert_value'
  $ssl_certs_dir = 'ssl_certs_dir_value'
  $ssl_chain = 'ssl_chain_value'
  $ssl_cipher = 'ssl_cipher_value'
  $ssl_crl = 'ssl_crl_value'
  $ssl_crl_check = 'ssl_crl_check_value'
  $ssl_crl_path = 'ssl_crl_path_value'
  $ssl_honorcipherorder = 'ssl_honorcipherorder_value'
  $ssl_key = 'ssl_key_value'
  $ssl_openssl_conf_cmd = 'ssl_openssl_conf_cmd_value'
  $ssl_options = ['ssl_options_a', 'ssl_options_b']
  $ssl_protocol = 'ssl_protocol_value'
  $ssl_stapling = 'ssl_stapling_value'
  $ssl_stapling_return_errors = 'ssl_stapling_return_errors_value'
  $ssl_stapling_timeout = 'ssl_stapling_timeout_value'
  $ssl_verify_client = 'ssl_verify_client_value'
  $ssl_verify_depth = 'ssl_verify_depth_value'
  notice(template('apache/vhost/_ssl.erb'))
}
include corpus_case
