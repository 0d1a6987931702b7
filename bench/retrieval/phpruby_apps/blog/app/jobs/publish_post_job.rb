# Publishes a scheduled post when its time comes (enqueued by PostsController#publish).
class PublishPostJob < ApplicationJob
  queue_as :default
  retry_on ActiveRecord::Deadlocked, wait: 5.seconds, attempts: 3

  def perform(post_id)
    post = Post.find_by(id: post_id)
    return if post.nil? || post.published_at.present?

    post.publish!
  end
end
