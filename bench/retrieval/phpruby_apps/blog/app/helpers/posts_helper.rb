module PostsHelper
  # "5 min read", from the body's word count at 200 words a minute.
  def reading_time(post)
    minutes = (post.body.split.size / 200.0).ceil
    "#{minutes} min read"
  end
end
