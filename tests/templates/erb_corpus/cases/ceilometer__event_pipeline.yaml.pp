# ERB corpus case: ceilometer/templates/event_pipeline.yaml.erb, with plausible variables.
class corpus_case {
  $event_pipeline_publishers = ['event_pipeline_publishers_a', 'event_pipeline_publishers_b']
  notice(template('ceilometer/event_pipeline.yaml.erb'))
}
include corpus_case
