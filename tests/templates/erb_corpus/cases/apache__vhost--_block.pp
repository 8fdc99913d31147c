# ERB corpus case: apache/templates/vhost/_block.erb, with plausible variables.
class corpus_case {
  $apache_version = '2.4.1'
  $block = ['block_a', 'block_b']
  notice(template('apache/vhost/_block.erb'))
}
include corpus_case
