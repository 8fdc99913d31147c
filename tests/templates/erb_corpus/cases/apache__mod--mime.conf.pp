# ERB corpus case: apache/templates/mod/mime.conf.erb, with plausible variables.
class corpus_case {
  $_mime_types_additional = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $mime_types_config = 'mime_types_config_value'
  notice(template('apache/mod/mime.conf.erb'))
}
include corpus_case
