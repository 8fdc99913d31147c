# ERB corpus case: rabbitmq/templates/rabbitmqadmin.conf.erb, with plausible variables.
class corpus_case {
  $fqdn = 'fqdn_value'
  $management_hostname = 'management_hostname_value'
  $management_port = 'management_port_value'
  $management_ssl = 'management_ssl_value'
  $ssl = 'ssl_value'
  $ssl_cacert = 'ssl_cacert_value'
  $ssl_cert = 'ssl_cert_value'
  $ssl_key = 'ssl_key_value'
  $ssl_management_port = 'ssl_management_port_value'
  notice(template('rabbitmq/rabbitmqadmin.conf.erb'))
}
include corpus_case
