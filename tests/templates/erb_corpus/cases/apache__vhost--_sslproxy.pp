# ERB corpus case: apache/templates/vhost/_sslproxy.erb, with plausible variables.
class corpus_case {
  $ssl_proxy_ca_cert = 'ssl_proxy_ca_cert_value'
  $ssl_proxy_check_peer_cn = 'ssl_proxy_check_peer_cn_value'
  $ssl_proxy_check_peer_expire = 'ssl_proxy_check_peer_expire_value'
  $ssl_proxy_check_peer_name = 'ssl_proxy_check_peer_name_value'
  $ssl_proxy_cipher_suite = 'ssl_proxy_cipher_suite_value'
  $ssl_proxy_machine_cert = 'ssl_proxy_machine_cert_value'
  $ssl_proxy_protocol = 'ssl_proxy_protocol_value'
  $ssl_proxy_verify = 'ssl_proxy_verify_value'
  $ssl_proxy_verify_depth = 'ssl_proxy_verify_depth_value'
  $ssl_proxyengine = 'ssl_proxyengine_value'
  notice(template('apache/vhost/_sslproxy.erb'))
}
include corpus_case
