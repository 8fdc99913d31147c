# ERB corpus case: ceilometer/templates/polling.yaml.erb, with plausible variables.
class corpus_case {
  $polling_interval = 'polling_interval_value'
  $polling_meters = ['polling_meters_a', 'polling_meters_b']
  notice(template('ceilometer/polling.yaml.erb'))
}
include corpus_case
