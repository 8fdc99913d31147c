# ERB corpus case: apache/templates/namevirtualhost.erb, with plausible variables.
class corpus_case {
  $addr_port = 'addr_port_value'
  notice(template('apache/namevirtualhost.erb'))
}
include corpus_case
