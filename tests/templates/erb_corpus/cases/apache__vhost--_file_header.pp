# ERB corpus case: apache/templates/vhost/_file_header.erb, with plausible variables.
class corpus_case {
  $apache_version = '2.4.1'
  $comment = 'comment_value'
  $define = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $limitreqbody = 'limitreqbody_value'
  $limitreqfields = 'limitreqfields_value'
  $limitreqfieldsize = 'limitreqfieldsize_value'
  $limitreqline = 'limitreqline_value'
  $nvh_addr_port = 'nvh_addr_port_value'
  $protocols = ['protocols_a', 'protocols_b']
  $protocols_honor_order = 'protocols_honor_order_value'
  $serveradmin = 'serveradmin_value'
  $servername = 'servername_value'
  notice(template('apache/vhost/_file_header.erb'))
}
include corpus_case
