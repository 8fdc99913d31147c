# ERB corpus case: apache/templates/vhost/_itk.erb, with plausible variables.
class corpus_case {
  $itk = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $kernelversion = 'kernelversion_value'
  notice(template('apache/vhost/_itk.erb'))
}
include corpus_case
