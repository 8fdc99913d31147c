# ERB corpus case: apache/templates/vhost/_allow_encoded_slashes.erb, with plausible variables.
class corpus_case {
  $allow_encoded_slashes = 'allow_encoded_slashes_value'
  notice(template('apache/vhost/_allow_encoded_slashes.erb'))
}
include corpus_case
