# ERB corpus case: apache/templates/mod/dumpio.conf.erb, with plausible variables.
class corpus_case {
  $dump_io_input = 'dump_io_input_value'
  $dump_io_output = 'dump_io_output_value'
  notice(template('apache/mod/dumpio.conf.erb'))
}
include corpus_case
