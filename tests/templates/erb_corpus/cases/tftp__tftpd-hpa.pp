# ERB corpus case: tftp/templates/tftpd-hpa.erb, with plausible variables.
class corpus_case {
  $address = 'address_value'
  $directory = 'directory_value'
  $options = 'options_value'
  $port = 'port_value'
  $username = 'username_value'
  notice(template('tftp/tftpd-hpa.erb'))
}
include corpus_case
