# ERB corpus case: apache/templates/mod/jk/uriworkermap.properties.erb, with plausible variables.
class corpus_case {
  $mount_file_content = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('apache/mod/jk/uriworkermap.properties.erb'))
}
include corpus_case
