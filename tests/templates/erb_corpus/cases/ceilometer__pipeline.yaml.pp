# ERB corpus case: ceilometer/templates/pipeline.yaml.erb, with plausible variables.
class corpus_case {
  $pipeline_publishers = ['pipeline_publishers_a', 'pipeline_publishers_b']
  notice(template('ceilometer/pipeline.yaml.erb'))
}
include corpus_case
