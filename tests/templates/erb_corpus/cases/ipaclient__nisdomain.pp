# ERB corpus case: ipaclient/templates/nisdomain.erb, with plausible variables.
class corpus_case {
  $domain = 'domain_value'
  notice(template('ipaclient/nisdomain.erb'))
}
include corpus_case
