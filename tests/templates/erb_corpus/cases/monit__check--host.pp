# ERB corpus case: monit/templates/check/host.erb, with plausible variables.
class corpus_case {
  $address = 'address_value'
  notice(template('monit/check/host.erb'))
}
include corpus_case
