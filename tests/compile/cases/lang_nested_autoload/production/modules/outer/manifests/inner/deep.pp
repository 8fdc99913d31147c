class outer::inner::deep { include outer notify { 'deep': } }
