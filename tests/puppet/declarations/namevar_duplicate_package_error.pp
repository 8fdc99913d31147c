package { 'a': name => 'vim' }
package { 'vim': }
