# ERB corpus case: openstacklib/templates/policy-rc.d.erb, with plausible variables.
class corpus_case {
  $services = ['services_a', 'services_b']
  notice(template('openstacklib/policy-rc.d.erb'))
}
include corpus_case
